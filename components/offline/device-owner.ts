import { openDB, type DBSchema } from "idb";
import { DEVICE_OWNER_DATABASE } from "./device-databases";
import { removeDeviceData } from "./forget-this-device";

/** The signed-in person the copies on this device belong to, as the app shell last saw them online. */
export interface DeviceOwner {
  userId: string;
  name: string | null;
  email: string;
}

interface DeviceSchema extends DBSchema {
  owner: { key: "owner"; value: DeviceOwner };
}

async function openDevice() {
  const db = await openDB<DeviceSchema>(DEVICE_OWNER_DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore("owner");
    },
    blocking() {
      db.close();
    },
  });
  return db;
}

/** Whom the device's copies belong to; null when none (never signed in here, or signed out since). */
export async function readDeviceOwner(): Promise<DeviceOwner | null> {
  const names = await indexedDB.databases();
  // Looking must not make the database: a signed-out browser keeps no `snap-` database at all.
  if (!names.some(({ name }) => name === DEVICE_OWNER_DATABASE)) return null;
  const db = await openDevice();
  try {
    return (await db.get("owner", "owner")) ?? null;
  } finally {
    db.close();
  }
}

/**
 * The signed-in person opened the app online: the device's copies are theirs. When they were someone
 * else's (who never signed out here: their session ended), those are removed first, so that a person
 * never sees another's boards or queued changes.
 */
export async function claimDevice(owner: DeviceOwner): Promise<void> {
  const previous = await readDeviceOwner();
  if (previous && previous.userId !== owner.userId) await removeDeviceData();
  if (previous?.userId === owner.userId && previous.name === owner.name && previous.email === owner.email) return;
  const db = await openDevice();
  try {
    await db.put("owner", owner, "owner");
  } finally {
    db.close();
  }
}
