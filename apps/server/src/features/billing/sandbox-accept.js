/*
 * The embedded sandbox gateway's Accept.js: the same call as Authorize.Net's script,
 * Accept.dispatchData({ authData, cardData }, callback), answering { opaqueData, messages }.
 * It posts the card to the sandbox gateway's own endpoint (POST /api/sandbox/tokenize), which
 * keeps only its last four digits, brand and expiry and answers a single-use token valid 15
 * minutes for the account named in authData.apiLoginID. authData.clientKey carries the session's
 * bearer token (the sandbox gateway is the portal: its tokens are made for a signed-in account).
 * docs/decisions/019-card-tokens.md
 */
(() => {
  const fail = (text) => ({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_14', text }] } });
  window.Accept = {
    dispatchData(secureData, callback) {
      const auth = secureData.authData || {};
      const card = secureData.cardData || {};
      const month = String(card.month || '').padStart(2, '0');
      const year = String(card.year || '').slice(-2);
      fetch('/api/sandbox/tokenize', {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${auth.clientKey || ''}`,
        },
        body: JSON.stringify({
          account: auth.apiLoginID,
          ccnumber: String(card.cardNumber || ''),
          expdate: `${month}${year}`,
          cvv: String(card.cardCode || ''),
        }),
      })
        .then((res) => res.json().catch(() => null))
        .then((body) => {
          if (body?.status === 1) {
            const o = body.data.opaque_data;
            callback({
              opaqueData: { dataDescriptor: o.descriptor, dataValue: o.value },
              messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
            });
          } else {
            callback(fail(body?.message || 'The sandbox gateway did not answer.'));
          }
        })
        .catch(() => callback(fail('The sandbox gateway could not be reached.')));
    },
  };
})();
