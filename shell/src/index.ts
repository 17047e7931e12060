// The async boundary: shared singletons (React, the router) are negotiated before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
