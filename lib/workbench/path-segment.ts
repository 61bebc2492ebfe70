// Path segments of the workbench's routes and pages (finding ids, reference bug ids). Pure.

/** A path segment as sent: decoded once when it is still percent-encoded, else as it is. */
export function pathSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
