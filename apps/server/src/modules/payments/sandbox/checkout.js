/* Fineprint sandbox checkout: the card provider's inline API (FlutterwaveCheckout) for local use.
   It opens a payment frame served by this server; nothing is charged. */
(function () {
  'use strict';
  function FlutterwaveCheckout(config) {
    var customer = config.customer || {};
    var custom = config.customizations || {};
    var params = new URLSearchParams({
      tx_ref: config.tx_ref || '',
      amount: String(config.amount),
      currency: config.currency || '',
      payment_options: config.payment_options || '',
      email: customer.email || '',
      title: custom.title || '',
      description: custom.description || '',
      logo: custom.logo || '',
    });
    var overlay = document.createElement('div');
    overlay.id = 'sandbox-checkout';
    overlay.setAttribute(
      'style',
      'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;pointer-events:auto',
    );
    var frame = document.createElement('iframe');
    frame.title = 'Card payment';
    frame.name = 'checkout';
    frame.src = '/sandbox/frame?' + params.toString();
    frame.setAttribute(
      'style',
      'width:min(420px,94vw);height:min(520px,90vh);border:0;border-radius:12px;background:Canvas;color-scheme:light dark',
    );
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Card payment');
    overlay.appendChild(frame);
    // While the frame is open the rest of the page is inert: keyboard and screen-reader users are
    // held in the frame (which keeps Tab within its own controls), and focus goes back where it was.
    var opener = document.activeElement;
    var madeInert = [];
    Array.prototype.forEach.call(document.body.children, function (element) {
      if (element.hasAttribute('inert')) return;
      element.setAttribute('inert', '');
      madeInert.push(element);
    });
    document.body.appendChild(overlay);
    frame.addEventListener('load', function () {
      frame.focus();
    });
    var closed = false;
    function close() {
      if (closed) return;
      closed = true;
      window.removeEventListener('message', onMessage);
      overlay.remove();
      madeInert.forEach(function (element) {
        element.removeAttribute('inert');
      });
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    }
    function onMessage(event) {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type !== 'sandbox-checkout') return;
      if (data.status === 'closed') {
        close();
        if (typeof config.onclose === 'function') config.onclose(true);
        return;
      }
      var response = {
        status: data.status,
        transaction_id: data.transaction_id,
        tx_ref: data.tx_ref,
        amount: config.amount,
        currency: config.currency,
        customer: { email: customer.email || '' },
      };
      if (typeof config.callback === 'function') config.callback(response);
      if (data.status === 'successful' && config.redirect_url) {
        var target =
          config.redirect_url +
          (config.redirect_url.indexOf('?') === -1 ? '?' : '&') +
          'status=successful&tx_ref=' +
          encodeURIComponent(data.tx_ref) +
          '&transaction_id=' +
          encodeURIComponent(data.transaction_id);
        setTimeout(function () {
          window.location.assign(target);
        }, 1500);
      }
    }
    window.addEventListener('message', onMessage);
    return { close: close };
  }
  window.FlutterwaveCheckout = FlutterwaveCheckout;
})();
