import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/** Runs a workbench loader; anything not found, or not visible to this viewer, becomes the 404 page. */
export async function loadOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "invalid_input")) notFound();
    throw error;
  }
}
