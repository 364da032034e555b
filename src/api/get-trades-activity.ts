import { TradesActivity } from '../domain/trades';
import { tradesActivityApiPath } from '../domain/trades-paths';
import { callForJson, type CallOptions } from './client';

/** GET profile/trades/{id}/activity: the tradesperson's own recent check-ins and SWMS (issue 10). */
export function getTradesActivity(id: string, options: CallOptions = {}): Promise<TradesActivity> {
  return callForJson(TradesActivity, 'get', tradesActivityApiPath(id), options);
}
