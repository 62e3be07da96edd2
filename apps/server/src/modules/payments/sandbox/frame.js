/* The sandbox payment frame: records the chosen outcome in the sandbox ledger and reports it to the page. */
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var amount = Number(params.get('amount'));
  // The merchant is named by the page itself (Fineprint), not by the checkout's product title.
  document.getElementById('description').textContent = params.get('description');
  document.getElementById('amount').textContent = '$' + amount.toFixed(2) + ' ' + params.get('currency');
  document.getElementById('email').textContent = params.get('email');
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
  // Keyboard: focus starts on Pay, Tab and Shift+Tab cycle through the frame's own controls, Escape closes.
  function controls() {
    return Array.prototype.filter.call(document.querySelectorAll('button'), function (b) {
      return !b.disabled;
    });
  }
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      report({ status: 'closed' });
      return;
    }
    if (event.key !== 'Tab') return;
    var list = controls();
    if (list.length === 0) return event.preventDefault();
    var first = list[0];
    var last = list[list.length - 1];
    var active = document.activeElement;
    if (event.shiftKey && (active === first || list.indexOf(active) === -1)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || list.indexOf(active) === -1)) {
      event.preventDefault();
      first.focus();
    }
  });
  document.getElementById('pay').focus();
  // The page focuses the frame once it has loaded: the focus then lands on Pay, not on the frame's body.
  window.addEventListener('focus', function () {
    if (document.activeElement === document.body) document.getElementById('pay').focus();
  });
})();
