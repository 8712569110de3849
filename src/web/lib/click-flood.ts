// Warn when more than 10 clicks land less than 100 ms apart (a stuck key or a bot).
export function watchClickFlood(target: Document = document): () => void {
  let last = 0;
  let rapid = 0;
  const onClick = () => {
    const now = performance.now();
    rapid = now - last < 100 ? rapid + 1 : 0;
    last = now;
    if (rapid === 10) console.warn('Unusually rapid clicking detected: more than 10 clicks less than 100 ms apart.');
  };
  target.addEventListener('click', onClick, true);
  return () => target.removeEventListener('click', onClick, true);
}
