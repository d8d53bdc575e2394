// The commerce section's styles, one stylesheet per feature (classes prefixed commerce-). Every page imports this
// module, so every page's chunk carries them all, in this order, which is their order in the cascade.
import './common.css';
import './cart.css';
import './order-summary.css';
import './checkout.css';
import './payment-dialog.css';
import './orders.css';
import './test-payments.css';
import './order-groups-and-receipt.css';
import './skeletons.css';
