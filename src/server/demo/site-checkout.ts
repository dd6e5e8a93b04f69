import { el, page, src, tpl, type SiteSpec } from './site-model.js';

/**
 * The checkout app: every page is stamped. File weights are uneven on purpose so the
 * hotspot view has a clear top (PaymentForm, Button, AddressForm) and a long tail, and
 * `Card.tsx` exists in two folders so file lookups must match whole path segments.
 */

const app = src('App', 'src/App.tsx', 42);
const layout = src('CheckoutLayout', 'src/checkout/CheckoutLayout.tsx', 18);
const button = (line: number) => src('Button', 'src/ui/Button.tsx', line);
const textField = (line: number) => src('TextField', 'src/ui/TextField.tsx', line);
const uiCard = src('Card', 'src/ui/Card.tsx', 12);
const paymentForm = src('PaymentForm', 'src/checkout/PaymentForm.tsx', 54);
const addressForm = src('AddressForm', 'src/checkout/AddressForm.tsx', 38);
const summary = src('OrderSummary', 'src/checkout/OrderSummary.tsx', 33);
const lineItem = src('CartLineItem', 'src/checkout/CartLineItem.tsx', 22);
const promo = src('PromoCodeInput', 'src/checkout/PromoCodeInput.tsx', 22);
const shipping = src('ShippingOptions', 'src/checkout/ShippingOptions.tsx', 40);
const signIn = src('SignInPrompt', 'src/account/SignInPrompt.tsx', 19);
const orderRow = src('OrderHistoryRow', 'src/account/OrderHistoryRow.tsx', 16);

export const CHECKOUT_SITE: SiteSpec = {
  layout: app,
  chromeShare: 0.1,
  chrome: [
    el('link', 'header', 'Acme', 'header.checkout-header a.logo', {
      noun: 'the logo in the checkout header',
      src: src('Header', 'src/layout/Header.tsx', 21),
      via: [layout],
      w: 0.5,
    }),
    el('nav', 'header', 'Checkout steps', 'nav.step-indicator', {
      noun: 'the step indicator',
      src: src('StepIndicator', 'src/checkout/StepIndicator.tsx', 14),
      via: [layout],
      w: 1.5,
    }),
    el('link', 'footer', 'Need help?', 'footer.checkout-footer a.help', {
      src: src('Footer', 'src/layout/Footer.tsx', 12),
      via: [layout],
      w: 0.6,
    }),
    el('banner', 'overlay', 'Error toast', '.toast-region .toast.error', {
      noun: 'the error toast',
      src: src('Toast', 'src/ui/Toast.tsx', 30),
      via: [layout],
      w: 0.8,
    }),
  ],
  pages: [
    page(
      '/cart',
      'Your cart — Acme',
      'the cart page',
      5,
      src('CartPage', 'src/checkout/pages/CartPage.tsx', 15),
      [
        el('input', 'body', 'Quantity', '.cart-line:first-child input.qty', {
          noun: 'the quantity stepper',
          src: { ...lineItem, line: 48 },
          w: 1.3,
        }),
        el('button', 'body', 'Remove', '.cart-line:first-child button.remove', { src: button(27), via: [lineItem] }),
        el('input', 'body', 'Promo code', '.order-summary input[name="promo"]', {
          noun: 'the promo code field',
          src: promo,
          via: [summary],
          w: 1.2,
        }),
        el('button', 'body', 'Apply', '.order-summary .promo button', { src: button(27), via: [summary, promo] }),
        el('card', 'body', 'Order summary', 'aside.order-summary', {
          noun: 'the order summary card',
          src: uiCard,
          via: [summary],
          w: 1.5,
        }),
        el('button', 'body', 'Continue to shipping', 'aside.order-summary button.btn-primary', {
          src: button(27),
          via: [summary],
          w: 1.2,
        }),
      ],
      [
        tpl(
          'bug',
          'Changing the quantity to 0 leaves the line in the cart with a total of 0.00 instead of removing it.',
          'Quantity 0 does not remove the line',
          ['input'],
        ),
        tpl(
          'bug',
          'A promo code that has expired shows “Applied” for a second and then silently disappears.',
          'Expired promo code fails silently',
        ),
      ],
    ),
    page(
      '/checkout/sign-in',
      'Sign in or continue as guest — Acme',
      'the checkout sign-in step',
      2,
      src('SignInStep', 'src/checkout/pages/SignInStep.tsx', 11),
      [
        el('input', 'body', 'Email', 'form.sign-in-prompt input[name="email"]', { src: textField(27), via: [signIn] }),
        el('button', 'body', 'Continue as guest', 'form.sign-in-prompt button.guest', {
          src: button(27),
          via: [signIn],
          w: 1.3,
        }),
        el('link', 'body', 'Sign in instead', 'form.sign-in-prompt a.sign-in', { src: { ...signIn, line: 63 } }),
      ],
    ),
    page(
      '/checkout/shipping',
      'Shipping details — Acme',
      'the shipping step',
      6,
      src('ShippingPage', 'src/checkout/pages/ShippingPage.tsx', 14),
      [
        el('input', 'body', 'Address line 1', 'form.address input[name="line1"]', {
          src: textField(27),
          via: [addressForm],
          w: 1.8,
        }),
        el('input', 'body', 'Postcode', 'form.address input[name="postcode"]', {
          src: textField(27),
          via: [{ ...addressForm, line: 71 }],
          w: 1.4,
        }),
        el('select', 'body', 'Country', 'form.address select[name="country"]', {
          src: src('Select', 'src/ui/Select.tsx', 15),
          via: [{ ...addressForm, line: 84 }],
          w: 1.2,
        }),
        el('checkbox', 'body', 'Save this address', 'form.address input[name="save"]', {
          src: { ...addressForm, line: 102 },
          w: 0.6,
        }),
        el('card', 'body', 'Express delivery', '.shipping-options label.option[data-id="express"]', {
          noun: 'the express delivery option',
          src: shipping,
          w: 1.2,
        }),
        el('button', 'bottom', 'Continue to payment', 'form.address button[type="submit"]', {
          src: button(27),
          via: [addressForm],
          w: 1.3,
        }),
      ],
      [
        tpl(
          'bug',
          'Address autocomplete fills in the street but leaves the postcode empty, then the form says the postcode is invalid.',
          'Autocomplete leaves postcode empty',
          ['input'],
        ),
        tpl(
          'question',
          'Do we really need {el} for digital-only orders? Nothing is shipped.',
          'Shipping fields for digital orders?',
        ),
      ],
    ),
    page(
      '/checkout/payment',
      'Payment — Acme',
      'the payment step',
      9,
      src('PaymentPage', 'src/checkout/pages/PaymentPage.tsx', 17),
      [
        el('input', 'body', 'Card number', 'form.payment .card-number input', {
          src: src('CardNumberField', 'src/checkout/CardNumberField.tsx', 31),
          via: [paymentForm],
          w: 2.2,
        }),
        el('input', 'body', 'Expiry date', 'form.payment input[name="exp"]', {
          src: { ...paymentForm, line: 88 },
          w: 1.4,
        }),
        el('input', 'body', 'CVC', 'form.payment input[name="cvc"]', {
          noun: 'the CVC field',
          src: { ...paymentForm, line: 102 },
          w: 1.2,
        }),
        el('checkbox', 'body', 'Billing address same as shipping', 'form.payment input[name="sameAsShipping"]', {
          src: { ...paymentForm, line: 117 },
        }),
        el('card', 'body', 'Saved card', '.saved-cards .payment-card:first-child', {
          noun: 'the saved card tile',
          src: src('PaymentCard', 'src/checkout/Card.tsx', 17),
          via: [paymentForm],
          w: 1.3,
        }),
        el('button', 'bottom', 'Pay now', 'form.payment button.btn.primary', {
          src: button(27),
          via: [{ ...paymentForm, line: 131 }],
          w: 2.4,
        }),
        el('modal', 'overlay', 'Card verification', '.modal[aria-label="Verify your card"]', {
          noun: 'the 3-D Secure verification dialog',
          src: src('Modal', 'src/ui/Modal.tsx', 25),
          via: [{ ...paymentForm, line: 149 }],
        }),
      ],
      [
        tpl(
          'bug',
          'The card number field rejects Amex numbers when they are pasted with spaces.',
          'Card field rejects pasted Amex numbers',
          ['input'],
        ),
        tpl(
          'bug',
          'Double-clicking {el} charges the card twice in the sandbox. The button should disable after the first click.',
          'Double click on Pay charges twice',
          ['button'],
        ),
        tpl(
          'bug',
          'After the 3-D Secure dialog closes, the spinner keeps going and the order is never confirmed.',
          'Spinner stuck after 3-D Secure',
        ),
        tpl(
          'accessibility',
          'The card brand icon inside the card number field is the only hint of which card was detected; it has no text alternative.',
          'Card brand icon has no text alternative',
          ['input'],
        ),
        tpl(
          'copy',
          '“CVC” means nothing to most people. Could we say “Security code (3 digits on the back)”?',
          'Explain CVC in plain words',
        ),
      ],
    ),
    page(
      '/checkout/review',
      'Review your order — Acme',
      'the review step',
      5,
      src('ReviewPage', 'src/checkout/pages/ReviewPage.tsx', 13),
      [
        el('card', 'body', 'Order summary', 'section.review .order-summary', {
          noun: 'the order summary on the review step',
          src: uiCard,
          via: [{ ...summary, line: 61 }],
          w: 1.3,
        }),
        el('link', 'body', 'Edit shipping', 'section.review a.edit-shipping', {
          src: src('ReviewPage', 'src/checkout/pages/ReviewPage.tsx', 52),
        }),
        el('checkbox', 'body', 'I agree to the terms', 'section.review input[name="terms"]', {
          src: src('ReviewPage', 'src/checkout/pages/ReviewPage.tsx', 77),
        }),
        el('button', 'bottom', 'Place order', 'section.review button.btn.primary', {
          src: button(27),
          via: [src('ReviewPage', 'src/checkout/pages/ReviewPage.tsx', 90)],
          w: 1.8,
        }),
      ],
      [
        tpl(
          'bug',
          'The shipping cost on the review step differs from the one on the shipping step by a few cents after a promo code.',
          'Shipping cost differs between steps',
        ),
      ],
    ),
    page(
      '/checkout/confirmation',
      'Order confirmed — Acme',
      'the confirmation page',
      3,
      src('ConfirmationPage', 'src/checkout/pages/ConfirmationPage.tsx', 12),
      [
        el('text', 'hero', 'Order number', '.confirmation .order-number', {
          noun: 'the order number',
          src: src('ConfirmationPage', 'src/checkout/pages/ConfirmationPage.tsx', 28),
        }),
        el('text', 'body', 'Receipt notice', '.confirmation p.receipt', {
          noun: 'the receipt notice',
          src: src('ConfirmationPage', 'src/checkout/pages/ConfirmationPage.tsx', 35),
        }),
        el('button', 'body', 'Continue shopping', '.confirmation a.btn', { src: button(27) }),
        el('card', 'body', 'Delivery estimate', '.confirmation .delivery', {
          noun: 'the delivery estimate card',
          src: uiCard,
          via: [src('DeliveryEstimate', 'src/checkout/DeliveryEstimate.tsx', 9)],
        }),
      ],
    ),
    page(
      '/account/orders',
      'Your orders — Acme',
      'the order history page',
      2,
      src('OrdersPage', 'src/account/pages/OrdersPage.tsx', 10),
      [
        el('card', 'body', 'Order row', '.orders li.order-row:first-child', {
          noun: 'the first order row',
          src: orderRow,
        }),
        el('link', 'body', 'Download invoice', '.orders li.order-row a.invoice', { src: { ...orderRow, line: 44 } }),
        el('image', 'body', 'Loading spinner', '.orders .spinner', {
          noun: 'the loading spinner',
          src: src('Spinner', 'src/ui/Spinner.tsx', 8),
          w: 0.6,
        }),
      ],
    ),
  ],
};
