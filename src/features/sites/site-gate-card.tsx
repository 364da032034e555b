import type { ProjectSite } from '../../domain/project-site';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { ErrorState, LoadingState } from '../../ui/status';
import { toast } from '../../ui/toast-store';
import { ReplaceQrDialog } from './replace-qr-dialog';
import { siteGateText } from './strings';
import { useQrImage } from './use-qr-image';
import { useSiteGate } from './use-site-gate';

function copyLink(url: string) {
  const copying = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('No clipboard'));
  copying.then(
    () => toast.success(siteGateText.copied),
    () => toast.error(siteGateText.copyFailed),
  );
}

function QrCode({ url }: { readonly url: string }) {
  const src = useQrImage(url);
  return (
    <div className="site-gate-qr" aria-busy={src ? undefined : true}>
      {src ? <img src={src} alt={siteGateText.qrAlt} width={200} height={200} /> : <span className="spinner" aria-hidden="true" />}
    </div>
  );
}

/** Issue 10 §1 'Site check-in': the gate QR code, its link, the poster, and 'Replace QR code' (admins and supervisors). */
export function SiteGateCard({ site }: { readonly site: ProjectSite }) {
  const gate = useSiteGate(site);
  return (
    <Card className="site-gate-card" aria-labelledby="site-gate-title">
      <CardHeader>
        <div className="site-heading">
          <CardTitle id="site-gate-title">{siteGateText.title}</CardTitle>
          <CardDescription>{siteGateText.lead}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="site-gate">
        {gate.loading ? <LoadingState /> : null}
        {gate.unavailable ? <ErrorState detail={gate.error} onRetry={() => gate.send({ type: 'qr.retry' })} /> : null}
        {gate.url ? (
          <>
            <QrCode url={gate.url} />
            <div className="site-gate-body">
              {gate.replaced ? (
                <p className="site-alert" data-tone="warning" role="status">
                  {siteGateText.replacedNote}
                </p>
              ) : null}
              {gate.failed && gate.error ? (
                <p className="site-alert" role="alert">
                  {gate.error}
                </p>
              ) : null}
              <DetailList className="site-gate-link">
                <DetailItem label={siteGateText.link}>
                  <span className="site-gate-url">
                    <code>{gate.url}</code>
                    <Button variant="ghost" size="sm" onClick={() => copyLink(gate.url ?? '')}>
                      {siteGateText.copy}
                    </Button>
                  </span>
                </DetailItem>
              </DetailList>
              <div className="site-gate-actions">
                <Button
                  variant="secondary"
                  disabled={gate.downloading}
                  aria-busy={gate.downloading || undefined}
                  onClick={() => gate.send({ type: 'poster.download' })}
                >
                  {gate.downloading ? <span className="button-spinner" aria-hidden="true" /> : null}
                  {siteGateText.poster}
                </Button>
                <Button variant="danger" onClick={() => gate.send({ type: 'replace.request' })}>
                  {siteGateText.replace}
                </Button>
              </div>
            </div>
          </>
        ) : null}
      </CardContent>
      <ReplaceQrDialog
        open={gate.confirming}
        replacing={gate.replacing}
        onCancel={() => gate.send({ type: 'replace.cancel' })}
        onConfirm={() => gate.send({ type: 'replace.confirm' })}
      />
    </Card>
  );
}
