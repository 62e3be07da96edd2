/* The sandbox payment frame: records the chosen outcome in the sandbox ledger and reports it to the page. */
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var amount = Number(params.get('amount'));
  document.getElementById('title').textContent = params.get('title');
  document.getElementById('description').textContent = params.get('description');
  document.getElementById('amount').textContent = '$' + amount.toFixed(2) + ' ' + params.get('currency');
  document.getElementById('email').textContent = params.get('email');
  var logo = params.get('logo');
  if (logo && /^(\/|https?:)/.test(logo)) document.getElementById('logo').src = logo;
  function xsrf() {
    var m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  }
  function report(message) {
    window.parent.postMessage(Object.assign({ type: 'sandbox-checkout' }, message), window.location.origin);
  }
  function charge(status) {
    var buttons = document.querySelectorAll('button');
    buttons.forEach(function (b) {
      b.disabled = true;
    });
    document.getElementById('status').textContent = 'Processing…';
    fetch('/sandbox/api/charge', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() },
      body: JSON.stringify({
        txRef: params.get('tx_ref'),
        status: status,
        amount: amount,
        currency: params.get('currency'),
        email: params.get('email'),
      }),
    })
      .then(function (r) {
        if (!r.ok) throw new Error('charge failed');
        return r.json();
      })
      .then(function (body) {
        report({ status: status, transaction_id: body.transactionId, tx_ref: params.get('tx_ref') });
      })
      .catch(function () {
        document.getElementById('status').textContent = 'The sandbox could not record the payment.';
        report({ status: 'failed', transaction_id: null, tx_ref: params.get('tx_ref') });
      });
  }
  document.getElementById('pay').addEventListener('click', function () {
    charge('successful');
  });
  document.getElementById('decline').addEventListener('click', function () {
    charge('failed');
  });
  document.getElementById('close').addEventListener('click', function () {
    report({ status: 'closed' });
  });
})();
