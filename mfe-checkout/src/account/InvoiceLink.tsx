import { stores, useStore } from '@storefront/bus';
import { useState, type MouseEvent } from 'react';
import { accountOrdersApi, invoiceUrl } from './account-orders-api';

/**
 * The order's invoice (PDF). A plain link where no script runs (the session the server signed in goes
 * with it as its cookie); with a script, whose session no cookie carries, the file is fetched with the
 * session's token and saved under the same name.
 */
export function InvoiceLink({ orderNumber }: { orderNumber: string }) {
  const accessToken = useStore(stores.auth).accessToken ?? null;
  const [problem, setProblem] = useState<string | null>(null);
  const fileName = `Invoice-${orderNumber}.pdf`;
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!accessToken) return;
    event.preventDefault();
    setProblem(null);
    accountOrdersApi.invoice(accessToken, orderNumber).then(
      (file) => {
        const saved = document.createElement('a');
        saved.href = URL.createObjectURL(file);
        saved.download = fileName;
        saved.click();
        setTimeout(() => URL.revokeObjectURL(saved.href), 10_000);
      },
      () => setProblem('The invoice could not be downloaded. Please try again.'),
    );
  };
  return (
    <>
      <a href={invoiceUrl(orderNumber)} download={fileName} onClick={download}>
        Download invoice (PDF)
      </a>
      {problem && <span role="alert">{problem}</span>}
    </>
  );
}
