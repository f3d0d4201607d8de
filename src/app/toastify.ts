// Loaded on demand with the first toast, together with its stylesheet.
import 'react-toastify/dist/ReactToastify.css';

export { cssTransition, toast, ToastContainer } from 'react-toastify/unstyled';
