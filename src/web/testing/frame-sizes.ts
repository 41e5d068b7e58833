import { afterEach, beforeEach } from 'vitest';

/**
 * For this test file: jsdom lays nothing out (every size is 0) and has no ResizeObserver. Here
 * each element's content is `content` wide and its frame `frame` wide, as a test sets them, and
 * `resized()` tells the observers, as a browser would after a layout (useScrollFrame).
 */
export function withFrameSizes() {
  const sizes = { content: 0, frame: 0 };
  const observers = new Set<() => void>();
  const descriptors = ['scrollWidth', 'clientWidth'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  const original = globalThis.ResizeObserver;
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get: () => sizes.content,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => sizes.frame,
    });
    globalThis.ResizeObserver = class {
      private readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = () => callback();
      }
      observe() {
        observers.add(this.callback);
      }
      unobserve() {}
      disconnect() {
        observers.delete(this.callback);
      }
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    for (const [name, descriptor] of descriptors) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
    globalThis.ResizeObserver = original;
    observers.clear();
  });
  return {
    /** Sets the content's and the frame's widths and tells the observers. */
    resize(content: number, frame: number) {
      sizes.content = content;
      sizes.frame = frame;
      for (const observer of observers) observer();
    },
  };
}
