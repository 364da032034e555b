import { useSyncExternalStore } from 'react';
import type { ToastTone } from './toast';

export interface ToastMessage {
  readonly id: number;
  readonly tone: ToastTone;
  readonly message: string;
  readonly open: boolean;
}

type Listener = () => void;

let messages: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly ToastMessage[]): void {
  messages = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastTone, message: string): number {
  const id = nextId++;
  publish([...messages, { id, tone, message, open: true }]);
  return id;
}

/** Call from anywhere: `toast.success('Details updated successfully')`. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  close: (id: number) => publish(messages.map((item) => (item.id === id ? { ...item, open: false } : item))),
  remove: (id: number) => publish(messages.filter((item) => item.id !== id)),
};

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastMessages(): readonly ToastMessage[] {
  return useSyncExternalStore(subscribe, () => messages, () => messages);
}
