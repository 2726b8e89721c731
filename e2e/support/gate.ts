/**
 * A promise and the function that settles it: a test holds a request (or anything else) on
 * `opened` until it calls `open`.
 */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
