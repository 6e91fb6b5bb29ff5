// The authorization matrix's board member rows (viewer, commenter, editor, guest, removed member) against
// every operation, by key and by cookie (tests/api/authorization-matrix.ts).
import { authorizationMatrix, BOARD_WHO } from "./authorization-matrix";

authorizationMatrix({ part: 0, parts: 1, rows: BOARD_WHO, vias: ["key", "cookie"] });
