import { getTradesPerson } from '../../api/get-trades-person';
import { recordRead, useRecordRead, type RecordRead } from '../../components/record-read/use-record-read';
import type { TradesPerson } from '../../domain/trades';

const tradesPersonRead = recordRead<TradesPerson, { id: string }>((input, signal) => getTradesPerson(input.id, { signal }));

/** GET profile/trades/{id} once per visit; key the caller by the id. */
export function useTradesPerson(id: string): RecordRead<TradesPerson> {
  return useRecordRead(tradesPersonRead, { id });
}
