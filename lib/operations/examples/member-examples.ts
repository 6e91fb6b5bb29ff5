const SNAP_ID = "cm3k9x2f70001qz8r5t1v2w3y";
const USER_ID = "cm3k9w1a20007qz8rmem7be01";
const ADA = { id: "cm3k9w1a20001qz8r4s5t6u7v", name: "Ada" };

const member = {
  user: { id: USER_ID, name: "Grace", email: "grace@client.example.org" },
  role: "commenter" as const,
  guest: true,
  addedAt: "2026-11-28T10:00:00.000Z",
  addedBy: ADA,
};

const invitation = {
  id: "cm3k9w1a2000dqz8rinv3te03",
  email: "client@example.org",
  role: "commenter" as const,
  createdAt: "2026-11-28T10:05:00.000Z",
  expiresAt: "2026-12-12T10:05:00.000Z",
};

/** The board members API's examples (docs/API.md, "Board members"). */
export const memberExamples = {
  member,
  invitation,
  members: { members: [member], invitations: [invitation] },
  sharedWithMe: {
    snaps: [
      {
        id: SNAP_ID,
        title: "Sprint 42",
        icon: null,
        updatedAt: "2026-11-28T11:00:00.000Z",
        role: "commenter" as const,
        addedAt: "2026-11-28T10:00:00.000Z",
        owner: ADA,
        workspace: { id: "cm3k9w1a20009qz8rz9y8x7w6", name: "Ada's workspace" },
        guest: true,
      },
    ],
  },
  guests: {
    guests: [
      {
        user: { id: USER_ID, name: "Grace", email: "grace@client.example.org" },
        snaps: [{ id: SNAP_ID, title: "Sprint 42", role: "commenter" as const, addedAt: "2026-11-28T10:00:00.000Z" }],
      },
    ],
  },
};
