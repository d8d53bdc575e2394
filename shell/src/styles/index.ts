// The shell's own regions, one stylesheet per region (classes prefixed shell-). Imported here in this order, which is
// their order in the cascade: the build concatenates them into the bootstrap's one .css file.
import './header.css';
import './main-and-footer.css';
import './login-dialog.css';
import './chat.css';
import './announcements.css';
