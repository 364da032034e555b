import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, FieldError, FieldInput, FieldLabel } from '../../ui/field';
import { checkInPathFromLink } from './check-in-link';
import { QrScanner } from './qr-scanner';
import { homeText } from './strings';

/** Issue 10 §5 'Check in': scan the site poster with the camera where the browser can, or open its link. */
export function CheckInCard() {
  const navigate = useNavigate();
  const titleId = useId();
  const [link, setLink] = useState('');
  const [wrongLink, setWrongLink] = useState<string | null>(null);

  const follow = (text: string): boolean => {
    const path = checkInPathFromLink(text, window.location.origin);
    if (!path) {
      setWrongLink(homeText.notACheckInLink);
      return false;
    }
    navigate(path);
    return true;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    follow(link);
  };

  return (
    <Card aria-labelledby={titleId} className="home-check-in">
      <CardHeader>
        <CardTitle id={titleId}>{homeText.checkInTitle}</CardTitle>
        <CardDescription>{homeText.checkInLead}</CardDescription>
      </CardHeader>
      <CardContent className="home-check-in-body">
        <QrScanner onCode={follow} />
        <form className="home-link-form" onSubmit={submit} noValidate>
          <Field error={wrongLink ?? undefined}>
            <FieldLabel>{homeText.linkLabel}</FieldLabel>
            <FieldInput
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={homeText.linkPlaceholder}
              value={link}
              onChange={(event) => {
                setLink(event.target.value);
                setWrongLink(null);
              }}
            />
            <FieldError role="alert" />
          </Field>
          <Button type="submit" variant="secondary" size="lg" disabled={link.trim() === ''}>
            {homeText.openLink}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
