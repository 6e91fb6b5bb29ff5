// The authorization matrix, cells 0, 3, 6, … (tests/api/authorization-matrix.ts).
import { authorizationMatrix } from "./authorization-matrix";

authorizationMatrix({ part: 0, parts: 3 });
