package example.orders

/** Where an [Order] is in its life, from placed to delivered (or cancelled). */
enum class OrderStatus { PLACED, PAID, SHIPPED, DELIVERED, CANCELLED }
