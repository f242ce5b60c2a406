// One message listener for the worker, so each part (update flow now, outbox later) registers
// the message types it handles instead of adding its own listener and parsing.
import { isSwMessage, type SwMessage, type SwMessageType } from '../src/shared/sw-messages';

type Handler = (message: SwMessage, event: ExtendableMessageEvent) => void | Promise<void>;

const handlers = new Map<SwMessageType, Handler>();

export function onMessage(type: SwMessageType, handler: Handler): void {
  if (handlers.has(type)) throw new Error(`A handler for ${type} is already registered.`);
  handlers.set(type, handler);
}

export function listenForMessages(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (!isSwMessage(event.data)) return;
    const handler = handlers.get(event.data.type);
    const result = handler?.(event.data, event);
    if (result) event.waitUntil(result);
  });
}
