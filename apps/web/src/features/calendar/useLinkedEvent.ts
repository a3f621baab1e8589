import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { showError } from '../../ui/toast';
import { fetchEvent } from './api';
import type { CalendarEvent } from './types';

/** A notification links to /calendar/?event={id}: that event is fetched and handed to `open`, and the link cleared. */
export function useLinkedEvent(open: (event: CalendarEvent) => void) {
  const [params, setParams] = useSearchParams();
  const linked = params.get('event');
  useEffect(() => {
    if (!linked) return;
    let current = true;
    fetchEvent(linked, null)
      .then((event) => current && open(event))
      .catch(showError)
      .finally(() => {
        if (!current) return;
        setParams(
          (now) => {
            now.delete('event');
            return now;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [linked, setParams, open]);
}
