import type { Claim } from "../support/note-claims.ts";
export const guideClaims: Claim[] = [];
