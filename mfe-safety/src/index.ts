// An async boundary, so the shared singletons (react, antd, ...) are negotiated before any of them is used.
import('./bootstrap.js');
