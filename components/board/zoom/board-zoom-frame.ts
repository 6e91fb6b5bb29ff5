/**
 * The zoomed board's frame, read from the DOM so that the zoom's input (useBoardZoom) and the
 * canvas that draws it agree without passing sizes around: the canvas marks its sizer with the
 * frozen headers' size (`gutter`), the room for the add bars after the grid (`trailing`), and the
 * content's size at 100 % (the grid and its margin).
 */
export interface ZoomFrame {
  gutter: number;
  trailing: number;
  contentWidth: number;
  contentHeight: number;
}

export function zoomFrameOf(scroller: HTMLElement): ZoomFrame {
  const sizer = scroller.querySelector<HTMLElement>("[data-board-sizer]");
  const read = (name: string) => Number(sizer?.dataset[name] ?? 0) || 0;
  return { gutter: read("gutter"), trailing: read("trailing"), contentWidth: read("contentWidth"), contentHeight: read("contentHeight") };
}

/**
 * Where the scroller must scroll so that the board point under (clientX, clientY) at zoom `from`
 * stays under it at zoom `to`: the zoom happens around the pointer.
 */
export function scrollForZoomAround(scroller: HTMLElement, from: number, to: number, clientX: number, clientY: number): { left: number; top: number } {
  const { gutter } = zoomFrameOf(scroller);
  const box = scroller.getBoundingClientRect();
  const x = clientX - box.left - scroller.clientLeft;
  const y = clientY - box.top - scroller.clientTop;
  const boardX = (scroller.scrollLeft + x - gutter) / from;
  const boardY = (scroller.scrollTop + y - gutter) / from;
  return { left: Math.max(0, boardX * to + gutter - x), top: Math.max(0, boardY * to + gutter - y) };
}

/** The room the board has at a zoom: the scroller's inside less the headers and the add bars. */
export function roomFor(scroller: HTMLElement): { width: number; height: number } {
  const { gutter, trailing } = zoomFrameOf(scroller);
  return { width: scroller.clientWidth - gutter - trailing, height: scroller.clientHeight - gutter - trailing };
}
