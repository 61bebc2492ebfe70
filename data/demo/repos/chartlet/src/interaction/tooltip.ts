import { formatNumber } from "../format/number";

export class Tooltip {
  private element: HTMLDivElement;

  constructor(private container: HTMLElement) {
    this.element = document.createElement("div");
    container.appendChild(this.element);
    container.addEventListener("mousemove", (event) => this.show(event.offsetX, event.offsetY));
  }

  show(x: number, y: number): void {
    this.element.textContent = `${formatNumber(x, ".1f")}, ${formatNumber(y, ".1f")}`;
  }

  destroy(): void {
    this.element.remove();
  }
}
