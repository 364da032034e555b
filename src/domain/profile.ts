import { Schema } from 'effect';
import { ProfilePhone, RequiredText, Email } from './fields';
import { RoleSchema } from './roles';

const BusinessDetails = Schema.Struct({
  tradeQualifications: RequiredText,
  whitecardNumber: RequiredText,
});

/** Spec §5 profile edit: every field non-empty, a valid email, a numeric phone. */
export const ProfileUpdate = Schema.Struct({
  firstName: RequiredText,
  surname: RequiredText,
  contactEmail: Email,
  phone: ProfilePhone,
  emergencyContactName: RequiredText,
  emergencyContactPhone: ProfilePhone,
  businessDetails: Schema.optional(BusinessDetails),
});
export type ProfileUpdate = typeof ProfileUpdate.Type;

const ImageRef = Schema.Struct({ url: Schema.String });

/** Spec §3 Profile, as GET profile answers it (reshaped by role). */
export const Profile = Schema.Struct({
  _id: Schema.String,
  firstName: Schema.String,
  surname: Schema.String,
  contactEmail: Schema.String,
  phone: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  userRole: Schema.Struct({ _id: Schema.String, user: Schema.String, role: RoleSchema }),
  companyDetails: Schema.optional(Schema.Struct({ _id: Schema.String, name: Schema.String, image: Schema.NullOr(ImageRef) })),
  businessDetails: Schema.optional(Schema.Struct({ tradeQualifications: Schema.String, whitecardNumber: Schema.String })),
});
export type Profile = typeof Profile.Type;
