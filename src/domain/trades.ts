import { Schema } from 'effect';

export const tradesMessages = {
  notAuthorised: 'You are not authorised to view this page',
} as const;

/** Spec §2 /trades/{id}: a tradesperson's details, as GET profile/trades/{id} answers them. */
export const TradesPerson = Schema.Struct({
  _id: Schema.String,
  firstName: Schema.String,
  surname: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  tradeQualifications: Schema.String,
  whitecardNumber: Schema.String,
});
export type TradesPerson = typeof TradesPerson.Type;
