import { useEffect, useRef } from 'react';
import { watchCompany } from '../../api/watch-company';
import { everyTopic, type LiveTopic } from '../../domain/live';

// Changes often come in bursts (a bulk change, this tab's own save): one refetch answers them all.
const settleMs = 300;

/** Calls `refetch` when the company's `topic` (or any of several) changes anywhere (another person, another tab, another instance). */
export function useLiveChanges(companyId: string, topic: LiveTopic | readonly LiveTopic[], refetch: () => void): void {
  const topicKey = typeof topic === 'string' ? topic : topic.join(' ');
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watched = topicKey.split(' ');
    const stop = watchCompany(companyId, (change) => {
      if (!watched.includes(change.topic) && change.topic !== everyTopic) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), settleMs);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [companyId, topicKey]);
}
