// tsc emits only JavaScript; the SQL migrations travel next to the compiled migrator.
import { cpSync } from "node:fs";
cpSync("src/storage/migrations", "dist/storage/migrations", { recursive: true });
