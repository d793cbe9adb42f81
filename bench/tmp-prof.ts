import { benchProfile } from "./tmp-prof-lib.js";
await benchProfile();
