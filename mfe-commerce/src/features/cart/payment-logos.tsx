// The accepted payment marks, drawn here so the page needs no image service (everything works offline).

function VisaLogo() {
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Visa">
      <rect width="48" height="30" rx="4" fill="#1a1f71" />
      <path
        fill="#fff"
        d="M19.6 20.2h-2.8l1.8-10.4h2.8zm9.6-10.1a7 7 0 0 0-2.5-.4c-2.8 0-4.7 1.4-4.7 3.4 0 1.5 1.4 2.3 2.4 2.8 1.1.5 1.4.8 1.4 1.3 0 .7-.9 1-1.7 1a6 6 0 0 1-2.7-.6l-.4-.2-.4 2.3c.7.3 1.9.5 3.2.6 3 0 4.9-1.4 4.9-3.5 0-1.2-.7-2.1-2.4-2.8-1-.5-1.6-.8-1.6-1.3 0-.4.5-.9 1.6-.9a5 5 0 0 1 2 .4l.3.1zm7.2-.3h-2.2c-.7 0-1.2.2-1.5.9l-4.2 9.5h3l.6-1.6h3.6l.4 1.6h2.6zm-3.5 6.7 1.1-2.9.3-.9.2.8.7 3zM14.5 9.8l-2.8 7.1-.3-1.4a8.4 8.4 0 0 0-3.9-4.4l2.5 9.1h3l4.5-10.4z"
      />
      <path fill="#f7b600" d="M9.2 9.8H4.6l-.1.2c3.6.9 5.9 3 6.9 5.5l-1-4.8c-.2-.7-.6-.9-1.2-.9z" />
    </svg>
  );
}

function MastercardLogo() {
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Mastercard">
      <rect width="48" height="30" rx="4" fill="#252525" />
      <circle cx="19" cy="15" r="8.5" fill="#eb001b" />
      <circle cx="29" cy="15" r="8.5" fill="#f79e1b" />
      <path fill="#ff5f00" d="M24 8.1a8.5 8.5 0 0 1 0 13.8 8.5 8.5 0 0 1 0-13.8z" />
    </svg>
  );
}

function PayPalLogo() {
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="PayPal">
      <rect width="48" height="30" rx="4" fill="#fff" stroke="#d6dce6" />
      <path
        fill="#253b80"
        d="M20.4 7h6.2c3.2 0 4.5 1.7 4.2 4.1-.4 3.6-2.6 5.5-5.6 5.5h-1.6c-.4 0-.7.3-.8.8l-.6 4.1c0 .3-.3.5-.6.5h-3.1c-.3 0-.5-.3-.4-.6L19.6 7.7c.1-.4.4-.7.8-.7z"
      />
      <path
        fill="#179bd7"
        d="M31.6 11.8c-.5 3.4-2.8 5.2-5.8 5.2h-1.4c-.4 0-.7.3-.8.7l-.9 5.7c0 .2.1.4.4.4h2.7c.3 0 .6-.2.7-.6l.5-3.3c.1-.4.4-.7.8-.7h.5c2.7 0 4.6-1.1 5.2-4.2.2-1.4 0-2.5-.8-3.2z"
      />
    </svg>
  );
}

/** Visa, Mastercard and PayPal (SPEC: the cart's Order Summary lists accepted payment logos). */
export function PaymentLogos() {
  return (
    <div className="commerce-payments">
      <p className="commerce-payments__title" id="commerce-payments-title">
        We accept
      </p>
      <ul className="commerce-payments__list" aria-labelledby="commerce-payments-title">
        <li>
          <VisaLogo />
        </li>
        <li>
          <MastercardLogo />
        </li>
        <li>
          <PayPalLogo />
        </li>
      </ul>
    </div>
  );
}
