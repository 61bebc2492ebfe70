import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/**
 * Awaits a read for a page: its "not found" (an unknown id, or one the viewer may not see) becomes the page's 404;
 * any other error is thrown on to the error page.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
