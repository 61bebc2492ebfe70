import { readFileSync, statSync } from "node:fs";
import { FileError } from "./exit-codes";

// A file named on the command line, read with errors that say what is wrong with it (not EISDIR or ENOENT).

/** The file's size in bytes; throws a FileError naming the problem. */
export function localFileSize(file: string): number {
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    throw fileError(file, error);
  }
  if (stat.isDirectory())
    throw new FileError(`${file} is a directory: name a findings file (.json) or a SARIF log (.sarif) in it`);
  if (!stat.isFile()) throw new FileError(`${file} is not a regular file`);
  return stat.size;
}

/** The file's text (UTF-8); throws a FileError naming the problem. */
export function readLocalFile(file: string): string {
  localFileSize(file);
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw fileError(file, error);
  }
}

function fileError(file: string, error: unknown): FileError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new FileError(`file not found: ${file}`);
  if (code === "EACCES" || code === "EPERM") return new FileError(`cannot read ${file}: permission denied`);
  return new FileError(`cannot read ${file}: ${code ?? String(error)}`);
}
