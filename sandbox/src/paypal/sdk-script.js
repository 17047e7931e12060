/*
 * PayPal JS SDK stand-in, served by the provider sandbox at /sdk/js. It implements the part of the v5 SDK
 * that @paypal/react-paypal-js's PayPalButtons uses: window.paypal.Buttons(options) returning
 * { isEligible, render, close, updateProps }. The buyer's popup is an in-page dialog; orders are created,
 * approved and captured at the sandbox with the browser token this script was served with.
 * Plain ES2017 on purpose: it runs unbundled in every browser the site supports.
 */
(function () {
  'use strict';
  var CONFIG = __SANDBOX_CONFIG__;
  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  // Call back to wherever this script came from, so localhost and 127.0.0.1 both work.
  var base = CONFIG.baseUrl;
  if (script && script.src) {
    var src = new URL(script.src, document.baseURI);
    base = src.origin + src.pathname.replace(/\/sdk\/js$/, '');
  }

  function apiError(status, data) {
    var detail = data && data.details && data.details[0];
    var error = new Error(detail ? detail.issue + ': ' + detail.description : (data && data.message) || 'PayPal sandbox answered HTTP ' + status);
    error.status = status;
    error.details = (data && data.details) || [];
    error.debug_id = data && data.debug_id;
    error.paypalName = data && data.name;
    return error;
  }

  // XMLHttpRequest rather than fetch: it exists in every browser and in jsdom, where the SDK is tested.
  function request(method, path, body, withToken) {
    return new Promise(function (resolve, reject) {
      var xhr = new XMLHttpRequest();
      xhr.open(method, base + path);
      xhr.setRequestHeader('Content-Type', 'application/json');
      if (withToken) xhr.setRequestHeader('Authorization', 'Bearer ' + CONFIG.token);
      xhr.onload = function () {
        var data = null;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch (ignored) {
          data = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else reject(apiError(xhr.status, data));
      };
      xhr.onerror = function () {
        reject(new Error('Could not reach the PayPal sandbox at ' + base));
      };
      xhr.send(body === undefined ? null : JSON.stringify(body));
    });
  }

  var orderPath = function (id) { return '/v2/checkout/orders/' + encodeURIComponent(id); };

  // Like the real SDK: fill intent and currency from the script URL, and refuse a mismatch loudly.
  function createOrder(body) {
    var order = JSON.parse(JSON.stringify(body || {}));
    var intent = CONFIG.intent.toUpperCase();
    if (!order.intent) order.intent = intent;
    if (order.intent !== intent) {
      return Promise.reject(new Error('Unexpected intent: ' + order.intent + ' passed to order.create. Please ensure you are passing /sdk/js?intent=' + order.intent.toLowerCase() + ' in the paypal script tag.'));
    }
    var units = Array.isArray(order.purchase_units) ? order.purchase_units : [];
    for (var i = 0; i < units.length; i++) {
      var amount = units[i] && units[i].amount;
      if (amount && !amount.currency_code) amount.currency_code = CONFIG.currency;
      if (amount && amount.currency_code !== CONFIG.currency) {
        return Promise.reject(new Error('Unexpected currency: ' + amount.currency_code + ' passed to order.create. Please ensure you are passing /sdk/js?currency=' + amount.currency_code + ' in the paypal script tag.'));
      }
    }
    return request('POST', '/v2/checkout/orders', order, true).then(function (created) { return created.id; });
  }

  function describe(order) {
    var units = order.purchase_units || [];
    var currency = units[0] ? units[0].amount.currency_code : CONFIG.currency;
    var total = units.reduce(function (sum, unit) { return sum + Number(unit.amount.value); }, 0);
    var descriptions = units.map(function (unit) { return unit.description; }).filter(Boolean);
    var figure = total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return { amount: (currency === 'USD' ? '$' : '') + figure + ' ' + currency, description: descriptions.join(', ') };
  }

  function element(tag, text, css) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (css) node.style.cssText = css;
    return node;
  }

  var BUTTON_CSS = 'font:inherit;padding:10px 18px;margin:4px;border-radius:6px;cursor:pointer;border:1px solid #003087;';

  /** The buyer's approval, in page: resolves 'approve', 'cancel' or 'closed'. */
  function approvalDialog(order, instance) {
    return new Promise(function (resolve) {
      var previous = document.activeElement;
      var info = describe(order);
      var overlay = element('div', '', 'position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:2147483647;');
      var dialog = element('div', '', 'background:#fff;color:#1f2933;border-radius:8px;padding:24px;max-width:380px;width:90%;font-family:system-ui,sans-serif;');
      var titleId = 'paypal-sandbox-title-' + order.id;
      var title = element('h2', 'Pay with PayPal', 'margin-top:0;font-size:1.25rem;');
      title.id = titleId;
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', titleId);
      dialog.appendChild(element('p', 'PayPal sandbox: no real money moves.', 'font-size:.85rem;color:#52606d;'));
      dialog.appendChild(title);
      dialog.appendChild(element('p', 'Amount: ' + info.amount));
      if (info.description) dialog.appendChild(element('p', info.description));
      var pay = element('button', 'Pay now', BUTTON_CSS + 'background:#003087;color:#fff;');
      var cancel = element('button', 'Cancel and return', BUTTON_CSS + 'background:#fff;color:#003087;');
      pay.type = cancel.type = 'button';
      dialog.appendChild(pay);
      dialog.appendChild(cancel);
      overlay.appendChild(dialog);

      function onKey(event) {
        if (event.key === 'Escape') finish('cancel');
        if (event.key === 'Tab') {
          event.preventDefault();
          (document.activeElement === pay ? cancel : pay).focus();
        }
      }
      function finish(choice) {
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        instance.dialog = null;
        if (previous && typeof previous.focus === 'function' && choice !== 'closed') previous.focus();
        resolve(choice);
      }
      pay.addEventListener('click', function () { finish('approve'); });
      cancel.addEventListener('click', function () { finish('cancel'); });
      document.addEventListener('keydown', onKey, true);
      document.body.appendChild(overlay);
      instance.dialog = { close: function () { finish('closed'); } };
      pay.focus();
    });
  }

  function Buttons(options) {
    options = options || {};
    var instance = { wrapper: null, button: null, dialog: null, closed: false, disabled: false, busy: false };
    var has = function (name) { return typeof options[name] === 'function'; };

    function sync() {
      if (!instance.button) return;
      instance.button.setAttribute('aria-disabled', String(instance.disabled || instance.busy));
      instance.button.style.opacity = instance.disabled || instance.busy ? '0.6' : '1';
    }
    function fail(error) {
      var err = error instanceof Error ? error : new Error(String((error && error.message) || error));
      if (has('onError')) options.onError(err);
      else if (typeof console !== 'undefined') console.error(err);
    }
    function clicked() {
      if (!has('onClick')) return Promise.resolve(true);
      var REJECT = {};
      var actions = {
        resolve: function () { return Promise.resolve(); },
        reject: function () { return Promise.resolve(REJECT); },
      };
      return Promise.resolve()
        .then(function () { return options.onClick({ fundingSource: 'paypal' }, actions); })
        .then(function (result) { return result !== false && result !== REJECT; });
    }
    function approve(orderID) {
      return request('POST', '/checkoutnow/approve', { token: orderID }, false).then(function (approval) {
        var actions = {
          order: {
            capture: function () {
              if (CONFIG.intent !== 'capture') return Promise.reject(new Error('Use intent=capture to use client-side capture'));
              return request('POST', orderPath(orderID) + '/capture', {}, true);
            },
            get: function () { return request('GET', orderPath(orderID), undefined, true); },
            authorize: function () { return Promise.reject(new Error('The PayPal sandbox does not support authorize')); },
            patch: function () { return Promise.reject(new Error('The PayPal sandbox does not support patch')); },
          },
          redirect: function (url) { window.location.assign(url); },
          restart: function () { instance.busy = false; return checkout(); },
        };
        var data = {
          orderID: orderID, payerID: approval.payerID, paymentID: null, billingToken: null,
          facilitatorAccessToken: CONFIG.token, paymentSource: 'paypal',
        };
        // Without onApprove the real SDK captures by itself.
        return has('onApprove') ? options.onApprove(data, actions) : actions.order.capture();
      });
    }
    function cancelled(orderID) {
      var tell = request('POST', '/checkoutnow/cancel', { token: orderID }, false).catch(function () { return null; });
      return tell.then(function () {
        if (has('onCancel')) return options.onCancel({ orderID: orderID }, { redirect: function (url) { if (url) window.location.assign(url); } });
      });
    }
    function checkout() {
      if (instance.busy || instance.closed) return Promise.resolve();
      return clicked().then(function (proceed) {
        if (!proceed || instance.disabled) return;
        instance.busy = true;
        sync();
        return Promise.resolve()
          .then(function () {
            if (!has('createOrder')) throw new Error('Expected createOrder to be passed');
            return options.createOrder({ paymentSource: 'paypal' }, { order: { create: createOrder } });
          })
          .then(function (orderID) {
            if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
            return request('GET', orderPath(orderID), undefined, true)
              .then(function (order) { return approvalDialog(order, instance); })
              .then(function (choice) {
                if (choice === 'approve') return approve(orderID);
                if (choice === 'cancel') return cancelled(orderID);
              });
          });
      }).catch(fail).then(function () {
        instance.busy = false;
        sync();
      });
    }

    return {
      isEligible: function () { return !options.fundingSource || options.fundingSource === 'paypal'; },
      render: function (target) {
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (instance.closed) return Promise.reject(new Error('Buttons were closed'));
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        var button = element('button', 'PayPal', 'width:100%;min-height:45px;border:0;border-radius:4px;background:#ffc439;color:#003087;font:700 16px system-ui,sans-serif;cursor:pointer;');
        button.type = 'button';
        button.setAttribute('data-funding-source', 'paypal');
        button.addEventListener('click', function () { checkout(); });
        instance.wrapper = element('div');
        instance.wrapper.className = 'paypal-buttons paypal-buttons-context-iframe';
        instance.wrapper.appendChild(button);
        container.appendChild(instance.wrapper);
        instance.button = button;
        sync();
        if (has('onInit')) {
          options.onInit({}, {
            enable: function () { instance.disabled = false; sync(); return Promise.resolve(); },
            disable: function () { instance.disabled = true; sync(); return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      close: function () {
        instance.closed = true;
        if (instance.dialog) instance.dialog.close();
        if (instance.wrapper && instance.wrapper.parentNode) instance.wrapper.parentNode.removeChild(instance.wrapper);
        instance.wrapper = instance.button = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      hasReturned: function () { return false; },
      resume: function () {},
    };
  }
  Buttons.driver = function (name) {
    throw new Error('The PayPal sandbox SDK has no ' + name + ' driver; use @paypal/react-paypal-js instead.');
  };

  var FUNDING = { PAYPAL: 'paypal', VENMO: 'venmo', PAYLATER: 'paylater', CREDIT: 'credit', CARD: 'card' };
  var paypal = {
    version: CONFIG.version,
    FUNDING: FUNDING,
    getFundingSources: function () { return [FUNDING.PAYPAL]; },
    isFundingEligible: function (source) { return source === FUNDING.PAYPAL; },
    rememberFunding: function () {},
  };
  if (CONFIG.components.indexOf('buttons') !== -1) paypal.Buttons = Buttons;
  window[namespace] = paypal;
})();
