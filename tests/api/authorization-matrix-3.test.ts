// The authorization matrix, cells 2, 5, 8, … (tests/api/authorization-matrix.ts).
import { authorizationMatrix } from "./authorization-matrix";

authorizationMatrix({ part: 2, parts: 3 });
