import { niceDomain } from "../src/scale/linear";

if (niceDomain([0, 9])[1] !== 10) throw new Error("niceDomain");
