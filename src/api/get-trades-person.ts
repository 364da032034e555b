import { TradesPerson } from '../domain/trades';
import { tradesPersonApiPath } from '../domain/trades-paths';
import { callForJson, type CallOptions } from './client';

/** GET profile/trades/{id}: a tradesperson's details, for company users whose sites they worked on. */
export function getTradesPerson(id: string, options: CallOptions = {}): Promise<TradesPerson> {
  return callForJson(TradesPerson, 'get', tradesPersonApiPath(id), options);
}
