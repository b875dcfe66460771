// Module Federation needs an asynchronous boundary before the shared modules (react, antd, ...) are used.
import('./bootstrap.js');
