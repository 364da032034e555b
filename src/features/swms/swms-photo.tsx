import { swmsText } from './strings';

/** A task photo with its alt text, or 'No photo' when the tradesperson attached none. */
export function SwmsPhoto({ photo, alt }: { readonly photo: { readonly url: string } | null; readonly alt: string }) {
  if (!photo) return <p className="swms-no-photo muted">{swmsText.noPhoto}</p>;
  return (
    <a className="swms-photo" href={photo.url} target="_blank" rel="noreferrer">
      <img src={photo.url} alt={alt} loading="lazy" />
    </a>
  );
}
