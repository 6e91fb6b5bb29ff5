import { ACCOUNT_OPERATIONS } from "./account-operations";
import { CARD_OPERATIONS } from "./card-operations";
import { CHANGE_OPERATIONS } from "./change-operations";
import { CONNECTED_APP_OPERATIONS } from "./connected-app-operations";
import { COMMENT_OPERATIONS } from "./comment-operations";
import { FILE_OPERATIONS } from "./file-operations";
import { FOLDER_OPERATIONS } from "./folder-operations";
import { HISTORY_OPERATIONS } from "./history-operations";
import { INVITATION_OPERATIONS } from "./invitation-operations";
import { LINE_OPERATIONS } from "./line-operations";
import { LIVE_OPERATIONS } from "./live-operations";
import { MEMBER_OPERATIONS } from "./member-operations";
import type { AnyOperation } from "./operation";
import { SEARCH_OPERATIONS } from "./search-operations";
import { SNAP_OPERATIONS } from "./snap-operations";
import { SYSTEM_OPERATIONS } from "./system-operations";
import { TRANSFER_OPERATIONS } from "./transfer-operations";
import { WEBHOOK_OPERATIONS } from "./webhook-operations";
import { WORKSPACE_OPERATIONS } from "./workspace-operations";

const GROUPS: readonly Record<string, AnyOperation>[] = [
  SNAP_OPERATIONS,
  TRANSFER_OPERATIONS,
  CARD_OPERATIONS,
  CHANGE_OPERATIONS,
  LINE_OPERATIONS,
  LIVE_OPERATIONS,
  HISTORY_OPERATIONS,
  SEARCH_OPERATIONS,
  COMMENT_OPERATIONS,
  MEMBER_OPERATIONS,
  FILE_OPERATIONS,
  FOLDER_OPERATIONS,
  WORKSPACE_OPERATIONS,
  INVITATION_OPERATIONS,
  ACCOUNT_OPERATIONS,
  CONNECTED_APP_OPERATIONS,
  WEBHOOK_OPERATIONS,
  SYSTEM_OPERATIONS,
];

/**
 * Every operation of the API, in the document's order. Checked once here: each is listed under
 * its own operationId, a method and path is declared once, every `{name}` of a path is described.
 */
export const OPERATIONS: readonly AnyOperation[] = GROUPS.flatMap((group) => Object.entries(group).map(([key, operation]) => checked(key, operation)));

function checked(key: string, operation: AnyOperation): AnyOperation {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  if (key !== operation.operationId) throw new Error(`${where} is listed as ${key} but its operationId is ${operation.operationId}`);
  const twins = GROUPS.flatMap((group) => Object.values(group)).filter((other) => other.method === operation.method && other.path === operation.path);
  if (twins.length > 1) throw new Error(`${where} is declared twice`);
  for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
    if (!operation.pathParams?.[name!]) throw new Error(`${where}: the path parameter ${name} has no description`);
  }
  return operation;
}
