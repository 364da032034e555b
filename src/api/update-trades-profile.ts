import { TradesPerson, type TradesProfileUpdate } from '../domain/trades';
import { callForJson, type CallOptions } from './client';

/** PUT profile/trades/{id}: the tradesperson's own profile (issue 10). */
export function updateTradesProfile(id: string, update: TradesProfileUpdate, options: CallOptions = {}): Promise<TradesPerson> {
  return callForJson(TradesPerson, 'put', `profile/trades/${encodeURIComponent(id)}`, { ...options, json: update });
}
