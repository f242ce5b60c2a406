// Type-ahead search in menus: letters typed in quick succession build a prefix;
// after 350 ms without typing it starts afresh. Gives the index of the first label that
// starts with the prefix (case-insensitive), searching on from the current item.
import { useEffect, useRef } from 'react';
import { TYPE_AHEAD_RESET_MS } from '../../shared/constants';

export function typeAheadMatch(labels: readonly string[], prefix: string, from: number): number {
  const wanted = prefix.toLocaleLowerCase('en-GB');
  // A repeated single letter cycles through the items starting with it.
  const start = wanted.length === 1 ? from + 1 : Math.max(from, 0);
  for (let step = 0; step < labels.length; step += 1) {
    const index = (start + step) % labels.length;
    if (labels[index]?.toLocaleLowerCase('en-GB').startsWith(wanted)) return index;
  }
  return -1;
}

export function useTypeAhead(labels: readonly string[]) {
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Feeds one key; answers the index to move to, or -1 (not a letter, or nothing matches). */
  return (key: string, current: number): number => {
    if (key.length !== 1 || (key === ' ' && typed.current === '')) return -1;
    clearTimeout(timer.current);
    const next = typed.current + key;
    // Holding one letter down ("aaa") keeps cycling rather than looking for "aaa".
    typed.current = /^(.)\1+$/.test(next) ? key : next;
    timer.current = setTimeout(() => (typed.current = ''), TYPE_AHEAD_RESET_MS);
    return typeAheadMatch(labels, typed.current, current);
  };
}
