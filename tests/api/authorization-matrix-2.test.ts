// The authorization matrix, cells 1, 4, 7, … (tests/api/authorization-matrix.ts).
import { authorizationMatrix } from "./authorization-matrix";

authorizationMatrix({ part: 1, parts: 3 });
