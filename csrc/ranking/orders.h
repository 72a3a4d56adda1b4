/* Which id orders a set of five-card scales needs (badugi_scale_orders, in
 * scales5.c): what the scalar rows and the SSE2 and AVX2 kernels sort. */
#ifndef BADUGI_ORDERS_H
#define BADUGI_ORDERS_H

#define BADUGI_ORDER_ACE_LOW 1
#define BADUGI_ORDER_ACE_HIGH 2
/* 2-7 reads either order: the ace-high one when another scale sorts it anyway. */
#define BADUGI_ORDER_EITHER 4

#endif
