/** Whether the toast container is wanted yet: it is, from the first toast raised. */
let wanted = false;
const subscribers = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const notify of subscribers) notify();
}

export function subscribeToaster(onChange: () => void): () => void {
  subscribers.add(onChange);
  return () => subscribers.delete(onChange);
}

export const isToasterWanted = () => wanted;
