import { Button, type ButtonProps } from '@mantine/core';
import { INVOICE_PDF, RECEIPT_PDF } from '@portal/contract/billing/call-refs';
import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, failureText, request } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useStatus } from '../../app/status.ts';

/**
 * The invoice and receipt PDFs, made by the server (docs/decisions/056-papers-as-pdf.md): fetched
 * with the session's token (a paper is a few kilobytes) and handed to the browser as a download
 * under the file name the server gives.
 */
type Paper =
  | { kind: 'invoice'; body: z.input<typeof C.invoicePdf.body> }
  | { kind: 'receipt'; body: z.input<typeof C.receiptPdf.body> };

async function fetchPdf(paper: Paper): Promise<{ blob: Blob; filename: string }> {
  const ref = paper.kind === 'invoice' ? INVOICE_PDF : RECEIPT_PDF;
  const res = await request(ref.method, ref.path, paper.body, ref.token);
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
    return { blob: await res.blob(), filename: named?.[1] ?? `${paper.kind}.pdf` };
  }
  // A refusal is the usual envelope: its message is the answer's.
  const body = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
  throw new ApiError(
    res.status < 500 ? 'refused' : 'failed',
    body?.message ?? t(billingText).downloadFailed,
    res.status,
    {},
    '',
  );
}

function save({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A button that downloads a paper; a failure is told in the status area. */
export function PdfButton({
  paper,
  label,
  ...props
}: { paper: Paper; label: string } & ButtonProps & { 'aria-label'?: string }) {
  const showStatus = useStatus();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      {...props}
      loading={busy}
      onClick={async (e) => {
        // In a list row that opens on a click: the download alone.
        e.stopPropagation();
        setBusy(true);
        try {
          save(await fetchPdf(paper));
        } catch (err) {
          showStatus({ title: t(billingText).downloadFailed, body: failureText(err), alert: 'warning' });
        } finally {
          setBusy(false);
        }
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {label}
    </Button>
  );
}
