import { Schema } from 'effect';
import { RequiredText, requiredText, textLimits } from './fields';

export const fileTypes = ['photo', 'companyProfile', 'siteSafetyPlan', 'termsConditions'] as const;
export type FileType = (typeof fileTypes)[number];

const extensionsByType: Record<FileType, readonly string[]> = {
  photo: ['.png', '.jpg'],
  companyProfile: ['.png', '.jpg'],
  siteSafetyPlan: ['.pdf'],
  termsConditions: ['.pdf'],
};

export function fileExtension(filename: string): string {
  const match = /\.[^.]+$/.exec(filename.toLowerCase());
  return match ? match[0] : '';
}

/** Spec §5: .png and .jpg for photos and company images, .pdf for the safety plan and terms. */
export function acceptsFile(type: FileType, filename: string): boolean {
  return extensionsByType[type].includes(fileExtension(filename));
}

export function acceptAttribute(type: FileType): string {
  return extensionsByType[type].join(',');
}

const FileTypeSchema = Schema.Literals(fileTypes).annotate({ message: 'Choose a photo, company logo, site safety plan or terms and conditions file' });

export const FileUploadRequest = Schema.Struct({
  type: FileTypeSchema,
  filename: requiredText(textLimits.fileName),
}).check(
  Schema.makeFilter((body) =>
    acceptsFile(body.type, body.filename) || {
      path: ['filename'],
      issue: `A ${extensionsByType[body.type].join(" or ")} file is required`,
    },
  ),
);
export type FileUploadRequest = typeof FileUploadRequest.Type;

export const FileUploadResponse = Schema.Struct({
  fileKey: Schema.String,
  sasToken: Schema.String,
  url: Schema.String,
  expiresAt: Schema.String,
});
export type FileUploadResponse = typeof FileUploadResponse.Type;

/** Spec §3 file metadata, with a short-lived read url when read back. */
export const StoredFile = Schema.Struct({
  friendlyName: Schema.String,
  fileKey: Schema.String,
  type: FileTypeSchema,
  url: Schema.optional(Schema.String),
});
export type StoredFile = typeof StoredFile.Type;

export const FileReference = Schema.Struct({
  friendlyName: requiredText(textLimits.fileName),
  fileKey: RequiredText,
  type: FileTypeSchema,
});
export type FileReference = typeof FileReference.Type;
