import { useEffect, useState, type RefObject } from "react";

/**
 * Whether a scrolling frame's content is wider than the frame, kept current as either resizes: a wide table shows a
 * "scroll sideways" hint only when there is something to scroll to. False on the server and until measured.
 */
export function useHorizontalOverflow(frame: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    // The frame keeps its size when columns are shown or hidden: watch what it holds as well.
    for (const child of node.children) observer.observe(child);
    return () => observer.disconnect();
  }, [frame]);
  return overflows;
}
