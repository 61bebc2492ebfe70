export function createCanvas(container: HTMLElement, width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  container.appendChild(canvas);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("2d canvas is not supported");
  return context;
}

export function drawLine(context: CanvasRenderingContext2D, points: [number, number][]): void {
  context.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.stroke();
}
